#!/usr/bin/env node
import { runGroundplan } from './program.js';

process.exitCode = await runGroundplan(process.argv.slice(2));
