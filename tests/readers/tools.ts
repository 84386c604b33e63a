/**
 * The programs an accountant, a spreadsheet user and a QA analyst read our files with, none of
 * them written here (issue #11): libofx's `ofxdump`, Python's ofxparse, openpyxl, poppler's
 * pdfinfo/pdftotext/pdftoppm and Python's csv/json. They are Debian packages that .ci/run installs
 * when missing. A missing reader FAILS the test, naming the package to install: a check that
 * skips itself quietly proves nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's own Python: the python3-* packages install their modules for it, not for a pyenv one. */
export const PYTHON = '/usr/bin/python3';

function missing(what: string, aptPackage: string): Error {
  return new Error(
    `${what} is not installed: run \`apt-get install ${aptPackage}\` (.ci/run installs it on a fresh machine)`,
  );
}

/** Throws, naming the Debian package, unless `command` is on the PATH. */
export function requireCommand(command: string, aptPackage: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (found.status !== 0) throw missing(`\`${command}\``, aptPackage);
}

/** Throws, naming the Debian package, unless Debian's python3 can import `module`. */
export function requirePythonModule(module: string, aptPackage: string): void {
  if (!existsSync(PYTHON)) throw missing(PYTHON, 'python3');
  const found = spawnSync(PYTHON, ['-c', `import ${module}`], { encoding: 'utf8' });
  if (found.status !== 0) throw missing(`Python module ${module}`, aptPackage);
}

/** Runs a reader and returns its standard output (UTF-8); a non-zero exit throws with its stderr. */
export function run(command: string, args: readonly string[], input?: string): string {
  return execFileSync(command, args, {
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs a Python program given as text with `args`, returning what it prints. */
export function python(program: string, args: readonly string[]): string {
  return run(PYTHON, ['-c', program, ...args]);
}
