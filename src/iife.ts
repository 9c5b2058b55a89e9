// The script-tag bundle (dist/gateway-checkout.iife.js): registers every element and exposes the classes.
import './define.ts';

export * from './index.ts';
