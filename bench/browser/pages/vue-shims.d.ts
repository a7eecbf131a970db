// Lets `tsc` resolve the benchmark pages' `.vue` imports from `.ts` files.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
