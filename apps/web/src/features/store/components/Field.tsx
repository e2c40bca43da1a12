import styles from './Field.module.css';

/** The outline round a field, with the gap its moved-up label sits in. */
export function FieldOutline({ label }: { label: string }) {
  return (
    <fieldset aria-hidden className={styles.outline}>
      <legend className={styles.legend}>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}
