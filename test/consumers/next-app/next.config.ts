import type { NextConfig } from 'next';

const config: NextConfig = {
  poweredByHeader: false,
  // This app lives inside the package's repository, which has a lock file of its own.
  turbopack: { root: __dirname },
};

export default config;
