import { useState } from 'react';
import { Bell, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { z } from 'zod';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  Card,
  Checkbox,
  Dialog,
  DialogClose,
  Form,
  FormCheckbox,
  FormSelect,
  FormSubmit,
  FormTextField,
  NativeSelect,
  Menu,
  PasswordStrength,
  Popover,
  Select,
  Skeleton,
  Spinner,
  Switch,
  Pagination,
  Table,
  Tabs,
  TextField,
  Tooltip,
} from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import styles from './UiGalleryPage.module.css';

const grades = [
  { value: 'raw', label: 'Raw' },
  { value: 'psa-9', label: 'PSA 9' },
  { value: 'psa-10', label: 'PSA 10' },
];

const SampleListing = z.object({
  title: z.string().min(3),
  grade: z.enum(['raw', 'psa-9', 'psa-10']),
  notes: z.string().max(40),
  agree: z.literal(true, { error: 'Confirm you own this card.' }),
});

const sales = [
  { id: 1, card: '1999 Pokemon Jungle Eevee', grade: 'Raw', price: '$5.99' },
  { id: 2, card: '1999 Pokemon Jungle Snorlax', grade: 'PSA 9', price: '$23.99' },
];

function Gallery() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [page, setPage] = useState(4);
  const [sort, setSort] = useState('new');
  return (
    <div className={styles.gallery}>
      <Card title="Button" as="section">
        <div className={styles.row}>
          <Button variant="contained">Contained</Button>
          <Button variant="outlined">Outlined</Button>
          <Button>Text</Button>
          <Button variant="contained" color="secondary">
            Secondary
          </Button>
          <Button variant="outlined" color="error" startIcon={<Trash2 aria-hidden />}>
            Delete
          </Button>
          <Button variant="contained" size="small">
            Small
          </Button>
          <Button variant="contained" size="large">
            Large
          </Button>
          <Button variant="contained" disabled>
            Disabled
          </Button>
          <Button variant="contained" loading loadingText="Saving...">
            Save
          </Button>
          <ButtonLink to="/" variant="outlined">
            A link
          </ButtonLink>
        </div>
      </Card>
      <Card title="Fields" as="section">
        <div className={styles.stack}>
          <TextField label="Card title" helperText="As printed on the card" />
          <TextField
            label="Date of birth"
            defaultValue="2015-01-01"
            error="You must be 18 or older."
          />
          <TextField label="Disabled" defaultValue="Cannot change" disabled />
          <TextField multiline rows={3} label="Notes" />
          <Select label="Grade" options={grades} defaultValue="raw" helperText="The slab's grade" />
          <Select
            label="Grade (error)"
            options={grades}
            placeholder="Choose"
            error="Choose a grade."
          />
          <Select label="Grade (nothing chosen)" options={grades} />
          <Select label="Grade (disabled)" options={grades} defaultValue="raw" disabled />
          <div className={styles.row}>
            <TextField size="small" label="Search cards" />
            <NativeSelect
              label="Sort by"
              value={sort}
              options={[
                { value: 'new', label: 'Newest' },
                { value: 'price', label: 'Price' },
              ]}
              onChange={setSort}
            />
          </div>
          <Checkbox label="Send me drop alerts" />
          <Checkbox label="I accept the terms" error="You must accept the terms." />
          <Checkbox label="Disabled" disabled />
          <Switch label="Sound on" defaultChecked />
          <Switch label="Disabled" disabled />
          <PasswordStrength password="correct horse" />
        </div>
      </Card>
      <Card title="Form" as="section">
        <Form
          schema={SampleListing}
          defaultValues={{ title: '', grade: 'raw', notes: '', agree: false as unknown as true }}
          onSubmit={() => {
            throw new ApiError('Listing is closed for maintenance.', 503, {
              message: 'Listing is closed for maintenance.',
              error: 'Service Unavailable',
            });
          }}
        >
          <FormTextField name="title" label="Title" helperText="3 characters or more" />
          <FormSelect name="grade" label="Grade" options={grades} />
          <FormTextField name="notes" label="Notes" multiline rows={2} />
          <FormCheckbox name="agree" label="I own this card" />
          <FormSubmit pendingText="Listing...">List the card</FormSubmit>
        </Form>
      </Card>
      <Card title="Overlays" as="section">
        <div className={styles.row}>
          <Dialog
            title="Cancel this order?"
            description="The cards go back on sale and your wallet is refunded."
            trigger={<Button variant="outlined">Open a dialog</Button>}
            actions={
              <>
                <DialogClose>
                  <Button>Keep it</Button>
                </DialogClose>
                <Button variant="contained" color="error">
                  Cancel order
                </Button>
              </>
            }
          />
          <Button variant="outlined" onClick={() => setDialogOpen(true)}>
            A controlled dialog
          </Button>
          <Dialog
            title="Saved"
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            actions={
              <Button variant="contained" onClick={() => setDialogOpen(false)}>
                Done
              </Button>
            }
          >
            <p>Your settings are saved.</p>
          </Dialog>
          <Menu
            label="Listing actions"
            trigger={
              <Button variant="outlined" startIcon={<MoreVertical aria-hidden />}>
                Menu
              </Button>
            }
            items={[
              { label: 'Edit', icon: <Pencil aria-hidden />, onSelect: () => undefined },
              { label: 'Archive', disabled: true, onSelect: () => undefined },
              { label: 'Delete', danger: true, onSelect: () => undefined },
            ]}
          />
          <Tooltip title="Notifications">
            <Button aria-label="Notifications">
              <Bell aria-hidden />
            </Button>
          </Tooltip>
          <Popover label="What is FMV?" trigger={<Button>What is FMV?</Button>}>
            <p className={styles.flush}>The fair market value: the median of recent sales.</p>
          </Popover>
        </div>
      </Card>
      <Card title="Tabs" as="section">
        <Tabs
          label="Account"
          tabs={[
            { value: 'profile', label: 'Profile', content: 'Your name and address.' },
            { value: 'limits', label: 'Limits', content: 'Your spending limits.' },
            { value: 'closed', label: 'Closed', content: '', disabled: true },
          ]}
        />
      </Card>
      <Card title="Table (stacks under 600 px)" as="section">
        <Table
          label="Recent sales"
          rowKey={(sale) => sale.id}
          rows={sales}
          columns={[
            { key: 'card', title: 'Card', cell: (sale) => sale.card },
            { key: 'grade', title: 'Grade', cell: (sale) => <Badge>{sale.grade}</Badge> },
            { key: 'price', title: 'Price', align: 'right', cell: (sale) => sale.price },
          ]}
        />
        <Table label="No sales" rowKey={() => 0} rows={[]} columns={[]} empty="No sales yet." />
      </Card>
      <Card title="Pagination" as="section">
        <Pagination count={12} page={page} onPageChange={setPage} label="Gallery pages" />
      </Card>
      <Card title="Badge, Alert, Skeleton, Spinner" as="section">
        <div className={styles.stack}>
          <div className={styles.row}>
            <Badge>Neutral</Badge>
            <Badge tone="primary">Primary</Badge>
            <Badge tone="success" variant="filled">
              Shipped
            </Badge>
            <Badge tone="warning" variant="filled">
              Pending
            </Badge>
            <Badge tone="error">Refused</Badge>
          </div>
          <Alert severity="info">Packs open at noon.</Alert>
          <Alert severity="success" title="Order placed">
            We e-mailed your receipt.
          </Alert>
          <Alert severity="warning">Your session ends in 2 minutes.</Alert>
          <Alert severity="error" action={<Button size="small">Retry</Button>}>
            The payment was refused.
          </Alert>
          <Skeleton width="60%" />
          <div className={styles.row}>
            <Skeleton variant="circle" width={40} height={40} />
            <Skeleton variant="rounded" width={160} height={40} />
          </div>
          <Spinner />
        </div>
      </Card>
    </div>
  );
}

/** /dev/ui, in development only: every shared component in both themes, to start a screen from. */
export default function UiGalleryPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Shared components (docs/ui.md)</h1>
      <div className={styles.themes}>
        <div data-theme="light" className={styles.theme}>
          <h2 className={styles.themeName}>Light</h2>
          <Gallery />
        </div>
        <div data-theme="dark" className={styles.theme}>
          <h2 className={styles.themeName}>Dark</h2>
          <Gallery />
        </div>
      </div>
    </main>
  );
}
