import clsx from 'clsx';
import { Link } from 'react-router';
import { Alert, Spinner } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { BreaksAdmin } from '../components/BreaksAdmin';
import admin from '../admin.module.css';
import styles from './AdminBreaksPage.module.css';

/** /admin/breaks (staff, breaks on): selling, running and shipping group breaks. */
export default function AdminBreaksPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  return (
    <section className={admin.page}>
      <Link to={paths.admin.getHref()} className={`${ui.textLink} ${admin.small}`}>
        ← Admin
      </Link>
      <h1 className={clsx(admin.title, styles.title)}>Breaks</h1>
      {user?.role === 'admin' ? (
        <>
          <p className={admin.intro}>
            Draft a break, put its spots on sale, start it when it fills, enter each hit as its pack
            is opened, then end it. Claimed hits join the shipments due on the admin page.
          </p>
          <BreaksAdmin />
        </>
      ) : (
        <Alert severity="warning">Administrators only.</Alert>
      )}
    </section>
  );
}
