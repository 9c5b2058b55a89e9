// One place for how tests launch Chromium. Playwright cannot download its own browsers on our
// machines, so we use Debian's; CHROMIUM_PATH lets a developer elsewhere point at another build
// (an empty value means "Playwright's own browser").
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    // Without these Chromium keeps dialling closed network addresses on our machines.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
