import { useState } from 'react';
import { CaseInput, PackPrice } from '@grail/contract';
import { z } from 'zod';
import {
  Alert,
  Badge,
  ButtonLink,
  Card,
  Form,
  FormSubmit,
  FormTextField,
  Spinner,
} from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { formatUsd } from '@/lib/format';
import { useAdminCases, useCaseCommands } from '../api/cases';
import { CaseEditor } from '../components/CaseEditor';
import { MaintenanceSwitch } from '../components/MaintenanceSwitch';
import { ShipmentsDue } from '../components/ShipmentsDue';
import admin from '../admin.module.css';
import styles from './AdminPage.module.css';
import { FormDollarField } from '../components/FormDollarField';

/** A new case's name and pack price as typed: the contract's rules, the price from its text. */
const NewCase = z.object({
  name: CaseInput.shape.name,
  packPrice: z.coerce.number().pipe(PackPrice),
});

function NewCaseForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { create } = useCaseCommands();
  return (
    <Form
      schema={NewCase}
      defaultValues={{ name: '', packPrice: '49.99' }}
      className={styles.newCase}
      label="New draft case"
      onSubmit={async (values, form) => {
        const data = await create.mutateAsync(values);
        form.reset({ name: '', packPrice: String(values.packPrice) });
        onCreated(data.case.caseId);
      }}
    >
      <h3 className={styles.newCaseTitle}>New draft case</h3>
      <FormTextField name="name" label="Case name" required />
      <FormDollarField name="packPrice" label="Pack price ($)" required />
      <FormSubmit size="small">Create draft</FormSubmit>
    </Form>
  );
}

/** The minimal admin: Grail cases from draft to live to closed, and the shipments due. */
export default function AdminPage() {
  const { user, isLoading } = useAuth();
  const isAdmin = user?.role === 'admin';
  const cases = useAdminCases();
  const { flags } = usePublicConfig();
  const [selected, setSelected] = useState<string | null>(null);
  if (isLoading) return <Spinner />;
  if (!isAdmin) {
    return (
      <div className={admin.page}>
        <h1 className={admin.title}>Admin</h1>
        <Alert severity="warning">Administrators only.</Alert>
      </div>
    );
  }
  const current = selected ?? cases.data?.[0]?.caseId ?? null;
  return (
    <section className={admin.page}>
      <h1 className={admin.title}>Admin</h1>
      <ButtonLink
        to={paths.adminSubmissions.getHref()}
        variant="outlined"
        className={styles.submissions}
      >
        Submissions queue
      </ButtonLink>
      <div className={admin.stackLoose}>
        <div>
          <h2 className={admin.heading}>Grail cases</h2>
          <div className={styles.cases}>
            <Card className={styles.caseList}>
              <ul className={styles.list} aria-label="Cases">
                {cases.data?.map((c) => (
                  <li key={c.caseId}>
                    <button
                      type="button"
                      className={styles.caseButton}
                      aria-current={c.caseId === current || undefined}
                      onClick={() => setSelected(c.caseId)}
                    >
                      <span className={styles.caseName}>{c.name}</span>
                      <span className={styles.caseFacts}>
                        <Badge>{c.status.replace('_', ' ')}</Badge>
                        {formatUsd(c.packPrice)} · {c.remaining}/{c.totalItems}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <NewCaseForm onCreated={setSelected} />
            </Card>
            {current ? (
              <CaseEditor caseId={current} />
            ) : (
              <p className={admin.muted}>Create a draft case to begin.</p>
            )}
          </div>
        </div>
        {flags.BREAKS_ENABLED && (
          <ButtonLink to={paths.adminBreaks.getHref()} variant="outlined" className={styles.breaks}>
            Run breaks
          </ButtonLink>
        )}
        <ShipmentsDue />
        <MaintenanceSwitch />
      </div>
    </section>
  );
}
