// The default theme plus <LiveCheckout>, the live example the guides embed.

import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import LiveCheckout from './LiveCheckout.vue';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('LiveCheckout', LiveCheckout);
  },
} satisfies Theme;
