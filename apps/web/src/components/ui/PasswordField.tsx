import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import ui from '@/lib/styles/ui.module.css';
import { TextField, type TextFieldProps } from './TextField';
import styles from './field.module.css';

/**
 * A password input with a button that shows or hides what was typed. The button is named by its
 * text, not aria-label, so finding the field by its label ('Password') never finds the button.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <TextField
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      type={shown ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className={styles.endButton}
          onClick={() => setShown(!shown)}
          // Keeps the focus, and the caret, in the field.
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon aria-hidden size={24} />
          <span className={ui.visuallyHidden}>{shown ? 'Hide password' : 'Show password'}</span>
        </button>
      }
    />
  );
}
