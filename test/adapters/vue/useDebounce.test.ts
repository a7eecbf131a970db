// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { useDebounce } from '../../../src/adapters/vue/index.js';
import { makeClient, mountWith, tick } from './fixtures.js';

describe('useDebounce', () => {
  it('passes a value on once it held still for the delay; pending meanwhile', async () => {
    const q = ref('a');
    let pendingRef!: { readonly value: boolean };
    const View = defineComponent({
      setup() {
        const [value, pending] = useDebounce(q, 40);
        pendingRef = pending;
        return () => h('p', value.value);
      },
    });
    const wrapper = mountWith(View, makeClient());
    expect(wrapper.text()).toBe('a');
    q.value = 'ab';
    await tick(15);
    q.value = 'abc';
    expect(pendingRef.value).toBe(true);
    await tick(25);
    await nextTick();
    expect(wrapper.text()).toBe('a'); // the timer restarted at 'abc'
    await tick(40);
    await nextTick();
    expect(wrapper.text()).toBe('abc');
    expect(pendingRef.value).toBe(false);
    wrapper.unmount();
  });

  it('follows a getter; holds while updatable is false; unmount clears the timer', async () => {
    const q = ref(1);
    const enabled = ref(true);
    let valueRef!: { readonly value: number };
    const View = defineComponent({
      setup() {
        const [value] = useDebounce(() => q.value * 10, 20, enabled);
        valueRef = value;
        return () => h('p', String(value.value));
      },
    });
    const wrapper = mountWith(View, makeClient());
    enabled.value = false;
    q.value = 2;
    await tick(40);
    expect(valueRef.value).toBe(10);
    enabled.value = true;
    await tick(40);
    expect(valueRef.value).toBe(20);
    q.value = 3;
    wrapper.unmount();
    await tick(40);
    expect(valueRef.value).toBe(20);
  });
});
