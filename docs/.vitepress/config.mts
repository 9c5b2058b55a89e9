// The documentation site (VitePress). `npm run docs` serves it with live examples (scripts/docs.ts
// starts a sandbox and a session endpoint with the demo's scenarios, and passes its address in
// DOCS_LIVE_URL); `npm run docs:build` builds it into docs/.vitepress/dist and fails on a dead link.
import { defineConfig } from 'vitepress';

const repository = 'https://github.com/gateway-checkout/gateway-checkout';
const live = process.env.DOCS_LIVE_URL;

export default defineConfig({
  title: 'gateway-checkout',
  description: 'Embeddable card checkout for the v0.6 card gateway: elements, a server helper and a sandbox.',
  cleanUrls: true,
  lastUpdated: false,
  // Pages only: the screenshots and scripts in docs/ are assets, not pages.
  srcExclude: ['**/README.md'],
  themeConfig: {
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: repository }],
    editLink: { pattern: `${repository}/edit/main/docs/:path` },
    nav: [
      { text: 'Get started', link: '/getting-started' },
      { text: 'Guides', link: '/guides/script-tag' },
      { text: 'Scenarios', link: '/scenarios/' },
      { text: 'Reference', link: '/reference/elements' },
      { text: 'Troubleshooting', link: '/troubleshooting' },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'Getting started in five minutes', link: '/getting-started' },
          { text: 'The demo shop', link: '/demo' },
        ],
      },
      {
        text: 'Guides by stack',
        items: [
          { text: 'Script tag (server-rendered page)', link: '/guides/script-tag' },
          { text: 'React and Next.js', link: '/guides/react-next' },
          { text: 'Vue and Nuxt', link: '/guides/vue-nuxt' },
          { text: 'Svelte and SvelteKit', link: '/guides/svelte' },
          { text: 'Angular', link: '/guides/angular' },
          { text: 'Express', link: '/guides/express' },
          { text: 'Fastify', link: '/guides/fastify' },
          { text: 'Hono', link: '/guides/hono' },
          { text: 'Plain node:http', link: '/guides/node-http' },
          { text: 'Workers-style hosts', link: '/guides/workers' },
        ],
      },
      {
        text: 'The checkout',
        items: [
          { text: 'The <gateway-checkout> element', link: '/checkout' },
          { text: 'The server helper', link: '/server' },
          { text: 'Scenarios', link: '/scenarios/' },
          { text: 'Isolated card fields', link: '/scenarios/isolated-fields' },
          { text: 'Hosted presentations', link: '/scenarios/hosted' },
        ],
      },
      {
        text: 'Production',
        items: [
          { text: 'Security', link: '/security' },
          { text: 'Accessibility', link: '/accessibility' },
          { text: 'Going live', link: '/going-live' },
          { text: 'Troubleshooting by error', link: '/troubleshooting' },
        ],
      },
      {
        text: 'Testing',
        items: [
          { text: 'The sandbox', link: '/sandbox' },
          { text: 'Working on this repository', link: '/contributing' },
          { text: 'Architecture', link: '/architecture' },
        ],
      },
      {
        text: 'Reference (generated)',
        items: [
          { text: 'Elements', link: '/reference/elements' },
          { text: 'Server helper API', link: '/reference/server' },
          { text: 'Sandbox options and endpoints', link: '/reference/sandbox' },
        ],
      },
    ],
  },
  vue: {
    template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('gateway-') } },
  },
  vite: {
    // The live examples' session endpoint and bundle come from the shop the docs server
    // started; through this proxy they are same-origin with the page, as on a merchant's site.
    server: live
      ? {
          proxy: {
            '/checkout/': { target: live, changeOrigin: true },
            '/assets/gateway-checkout.': { target: live, changeOrigin: true },
          },
        }
      : {},
  },
});
