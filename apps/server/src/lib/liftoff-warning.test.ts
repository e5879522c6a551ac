import { describe, expect, it } from 'vitest';
import { liftoffWarning } from './liftoff-warning';

describe('liftoffWarning', () => {
  it('warns on the embedded database started without --liftoff-only', () => {
    const warning = liftoffWarning({ embedded: true, optimize: false, execArgv: [] });
    expect(warning).toContain('--liftoff-only');
    expect(warning).toContain('PGLITE_OPTIMIZE=true');
  });

  it('stays quiet with the flag, with PGLITE_OPTIMIZE=true, or on PostgreSQL', () => {
    const flags = ['--enable-source-maps', '--max-semi-space-size=4', '--liftoff-only'];
    expect(liftoffWarning({ embedded: true, optimize: false, execArgv: flags })).toBeNull();
    expect(liftoffWarning({ embedded: true, optimize: true, execArgv: [] })).toBeNull();
    expect(liftoffWarning({ embedded: false, optimize: false, execArgv: [] })).toBeNull();
  });
});
