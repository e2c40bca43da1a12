import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, setDebugLogging } from './logger';

afterEach(() => {
  setDebugLogging(false);
  vi.restoreAllMocks();
});

describe('debug logging', () => {
  it('is off unless the debug flag is true', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    logger.debug('hidden');
    expect(debug).not.toHaveBeenCalled();
    setDebugLogging(true);
    logger.debug('shown');
    expect(debug).toHaveBeenCalledWith('[grail]', 'shown');
  });
});
