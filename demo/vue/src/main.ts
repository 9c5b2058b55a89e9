import 'gateway-checkout/define';
import { createApp } from 'vue';
import '../../shared/shop.css';
import App from './App.vue';

createApp(App).mount('#app');
