#!/usr/bin/env node
// The `punch` bin: runs the TypeScript CLI through tsx's loader (no build step for the command line).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/index.ts');
