import { TextField, type TextFieldProps } from '@mui/material';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText'> & {
  value: string;
  onValue: (value: string) => void;
  /** What is wrong with the value, shown under the field and marking it invalid. */
  problem?: string;
  /** A dollar amount to the cent, at least one cent. */
  dollars?: boolean;
};

/** A small text field of staff forms, holding a string state and the problem found with it. */
export function ValueField({ value, onValue, problem, dollars, ...props }: Props) {
  return (
    <TextField
      size="small"
      {...(dollars && { type: 'number', slotProps: { htmlInput: { step: '0.01', min: '0.01' } } })}
      {...props}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      error={Boolean(problem)}
      helperText={problem}
    />
  );
}
