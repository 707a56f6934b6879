import { createApp } from 'vue';
import 'svc-storefront'; // registers the elements
import App from './App.vue';

createApp(App).mount('#app');
