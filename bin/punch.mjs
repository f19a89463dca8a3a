#!/usr/bin/env node
// What the `punch` bin was before it became ./punch.cjs (package.json `bin`), kept for whoever runs it by this name:
// it runs ./punch.cjs, the same choice of the bundle or the sources.
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./punch.cjs');
