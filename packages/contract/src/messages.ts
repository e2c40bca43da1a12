import { z } from 'zod';
import { plainMessage } from './plain-messages.js';

export { plainMessage };

/** Makes plainMessage the default message of every schema in this process (web or server). */
export function installPlainMessages(): void {
  z.config({ customError: plainMessage });
}
