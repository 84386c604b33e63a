/**
 * The programs the people we hand files to use, run by the tests so that no one has to take our
 * word for what they read. Each is a Debian package (.ci/run installs it when missing); a missing
 * one fails the test that needs it, naming the package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Python: PySide2 comes from its dist-packages, not from a pyenv or venv interpreter. */
export const DEBIAN_PYTHON = '/usr/bin/python3';

export interface Reader {
  /** What to run. */
  command: string;
  /** The Debian package that provides it. */
  aptPackage: string;
  /** Arguments that succeed only when the reader works. */
  probe: string[];
}

export const QT_SCXML: Reader = {
  command: DEBIAN_PYTHON,
  aptPackage: 'python3-pyside2.qtscxml',
  probe: ['-c', 'import PySide2.QtScxml'],
};

export const RSVG: Reader = {
  command: '/usr/bin/rsvg-convert',
  aptPackage: 'librsvg2-bin',
  probe: ['--version'],
};

/** Throws, naming the package to install, when the reader cannot run. */
export function requireReader(reader: Reader): void {
  const run = existsSync(reader.command)
    ? spawnSync(reader.command, reader.probe, { encoding: 'utf8', timeout: 30_000 })
    : undefined;
  if (!run || run.status !== 0) {
    throw new Error(
      `${reader.command} ${reader.probe.join(' ')} failed: install the Debian package ${reader.aptPackage} (apt-get install ${reader.aptPackage}; .ci/run does it)${run?.stderr ? `\n${run.stderr}` : ''}`,
    );
  }
}
