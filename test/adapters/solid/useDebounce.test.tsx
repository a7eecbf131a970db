// @vitest-environment jsdom
import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { useDebounce } from '../../../src/adapters/solid/index.js';
import { tick } from './fixtures.js';

describe('useDebounce', () => {
  it('passes a value on once it has held still for the delay', async () => {
    const [value, setValue] = createSignal('a');
    const { debounced, pending, dispose } = createRoot(d => {
      const [debounced, pending] = useDebounce(value, 40);
      return { debounced, pending, dispose: d };
    });
    expect(debounced()).toBe('a');
    setValue('ab');
    await tick(20);
    setValue('abc');
    expect(pending()).toBe(true);
    await tick(20);
    expect(debounced()).toBe('a');
    await tick(40);
    expect(debounced()).toBe('abc');
    expect(pending()).toBe(false);
    dispose();
  });

  it('holds while updatable is false, and clears its timer with the owner', async () => {
    const [value, setValue] = createSignal(1);
    const [updatable, setUpdatable] = createSignal(false);
    const { debounced, dispose } = createRoot(d => {
      const [debounced] = useDebounce(value, 10, updatable);
      return { debounced, dispose: d };
    });
    setValue(2);
    await tick(30);
    expect(debounced()).toBe(1);
    setUpdatable(true);
    await tick(30);
    expect(debounced()).toBe(2);
    setValue(3);
    dispose();
    await tick(30);
    expect(debounced()).toBe(2);
  });
});
