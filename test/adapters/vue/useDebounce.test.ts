// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { useDebounce } from '../../../src/adapters/vue/index.js';
import { makeClient, mountWith } from './fixtures.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
    vi.advanceTimersByTime(15);
    q.value = 'abc';
    expect(pendingRef.value).toBe(true);
    vi.advanceTimersByTime(25);
    await nextTick();
    expect(wrapper.text()).toBe('a'); // the timer restarted at 'abc'
    vi.advanceTimersByTime(15);
    await nextTick();
    expect(wrapper.text()).toBe('abc');
    expect(pendingRef.value).toBe(false);
    wrapper.unmount();
  });

  it('follows a getter and a ref delay; holds while updatable is false; unmount clears the timer', async () => {
    const q = ref(1);
    const enabled = ref(true);
    const delay = ref(20);
    let valueRef!: { readonly value: number };
    const View = defineComponent({
      setup() {
        const [value] = useDebounce(() => q.value * 10, delay, enabled);
        valueRef = value;
        return () => h('p', String(value.value));
      },
    });
    const wrapper = mountWith(View, makeClient());
    enabled.value = false;
    q.value = 2;
    vi.advanceTimersByTime(100);
    expect(valueRef.value).toBe(10);
    enabled.value = true;
    vi.advanceTimersByTime(20);
    expect(valueRef.value).toBe(20);
    delay.value = 50;
    q.value = 3;
    vi.advanceTimersByTime(30);
    expect(valueRef.value).toBe(20);
    vi.advanceTimersByTime(20);
    expect(valueRef.value).toBe(30);
    q.value = 4;
    wrapper.unmount();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(valueRef.value).toBe(30);
  });
});
