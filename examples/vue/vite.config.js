import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  // <svc-*> are custom elements: Vue leaves them to the browser and sets what it binds as their properties
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('svc-') } } })],
});
