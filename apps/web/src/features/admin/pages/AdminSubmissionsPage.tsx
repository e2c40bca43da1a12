import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { SubmissionStatus } from '@grail/contract';
import { ButtonLink, Card, Spinner } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { SubmissionQueue } from '../components/SubmissionQueue';
import { SubmissionReview } from '../components/SubmissionReview';
import admin from '../admin.module.css';
import styles from './AdminSubmissionsPage.module.css';

/**
 * /admin/submissions (staff only): the queue of collectors' submissions, oldest first, and the
 * one open beside it. The filter, page and open submission live in the address.
 */
export default function AdminSubmissionsPage() {
  const { isLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const parsed = SubmissionStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = params.get('id');
  const review = useRef<HTMLDivElement>(null);
  // On a phone the review sits below the queue: bring it into view when one is chosen.
  useEffect(() => {
    if (selected && window.matchMedia('(max-width: 899.95px)').matches) {
      review.current?.scrollIntoView({ block: 'start' });
    }
  }, [selected]);
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  if (isLoading) return <Spinner />;
  return (
    <section className={admin.page}>
      <ButtonLink to={paths.admin.getHref()} startIcon={<ArrowLeft aria-hidden />}>
        Admin
      </ButtonLink>
      <h1 className={clsx(admin.title, styles.title)}>Submissions</h1>
      <p className={admin.intro}>
        Collectors’ cards for sale, oldest first. Review, make offers, receive, verify and pay.
      </p>
      <div className={styles.columns}>
        <SubmissionQueue
          status={status}
          onStatus={(s) => update({ status: s, page: undefined })}
          page={page}
          onPage={(p) => update({ page: String(p) })}
          selected={selected}
          onSelect={(id) => update({ id })}
        />
        {selected ? (
          <div ref={review} className={styles.review}>
            <SubmissionReview key={selected} id={selected} />
          </div>
        ) : (
          <Card>
            <p className={admin.muted}>Choose a submission from the queue to review it.</p>
          </Card>
        )}
      </div>
    </section>
  );
}
