import { createInterface } from 'node:readline';
import type { CliIo } from './io.js';

/**
 * Reads a password: from a terminal without echoing it (asked twice), otherwise the first line of
 * stdin (`echo "$PASSWORD" | client-portal-host user add …`).
 */
export async function readPassword(io: CliIo, question: string): Promise<string> {
  if (!io.stdin.isTTY) return firstLine(io);
  const first = await askHidden(io, question);
  const second = await askHidden(io, 'Repeat it: ');
  if (first !== second) throw new Error('The passwords do not match.');
  return first;
}

function askHidden(io: CliIo, question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
    // readline echoes what it reads through this method; muting it hides the password.
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    io.stdout.write(question);
    output._writeToOutput = () => {};
    rl.question('', (answer) => {
      rl.close();
      io.stdout.write('\n');
      resolve(answer);
    });
  });
}

function firstLine(io: CliIo): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: io.stdin, terminal: false });
    let done = false;
    rl.once('line', (line) => {
      done = true;
      rl.close();
      resolve(line);
    });
    rl.once('close', () => {
      if (!done) reject(new Error('No password given: pass --password or type it on stdin.'));
    });
  });
}
