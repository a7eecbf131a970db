// Lets `tsc` resolve `.vue` imports from `.ts` files; `vue-tsc` checks the components themselves.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
