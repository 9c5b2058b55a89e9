import { join } from 'node:path';
import { benchCustomer, printInteractive, printKeystrokes } from './interactive.ts';
import { startPageServer } from './pages.ts';

const pages = await startPageServer(join(process.cwd(), 'dist'));
try {
  const r = await benchCustomer(pages, {
    loads: Number(process.argv[2] ?? 8),
    typingLoads: Number(process.argv[3] ?? 3),
  });
  printInteractive(r.interactive);
  printKeystrokes(r.keystrokes);
} finally {
  await pages.close();
}
