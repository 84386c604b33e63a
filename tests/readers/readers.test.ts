import { describe, expect, it } from 'vitest';
import { requireReader } from './readers';

describe('a reader the tests need', () => {
  it('when missing, fails naming the Debian package to install', () => {
    expect(() =>
      requireReader({ command: '/nonexistent/reader', aptPackage: 'some-reader-pkg', probe: ['--version'] }),
    ).toThrow(/apt-get install some-reader-pkg/);
  });

  it('when present but broken, fails the same way', () => {
    expect(() => requireReader({ command: '/bin/false', aptPackage: 'false-pkg', probe: [] })).toThrow(
      /false-pkg/,
    );
  });
});
