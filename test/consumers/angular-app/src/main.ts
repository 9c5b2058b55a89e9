// Registers the tags once, in the browser, then starts the app (zoneless: no zone.js).
import 'gateway-checkout/define';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app/app.component';

bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] }).catch((error) =>
  console.error(error),
);
