// Prelude of guide blocks marked `<!-- prelude: nuxt -->`: what a Nuxt app gets without importing
// it (Nuxt's auto-imports and the module's), so a block from a component's `<script setup>` can be
// type-checked outside a Nuxt project. The Nuxt page's own files are checked in a real Nuxt app.
import type { Ref } from 'vue';
import { hookifyResource, useController } from 'rest-signals/vue';

declare function useCookie<T = string | null | undefined>(name: string, options?: { default?: () => T }): Ref<T>;
declare function navigateTo(to: string): Promise<void>;
