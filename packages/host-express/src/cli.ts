#!/usr/bin/env node
// The `client-portal-host` command (package.json "bin"); runs from the built dist/cli.js.
import { processIo } from './cli/io.js';
import { main } from './cli/main.js';

const io = processIo();
main(process.argv.slice(2), io).then(
  (code) => {
    // `start` keeps running until a signal; every other command is done.
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    io.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
