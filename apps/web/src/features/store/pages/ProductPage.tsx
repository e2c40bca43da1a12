import { lazy, Suspense } from 'react';
import clsx from 'clsx';
import { ArrowLeft, Info, ShoppingCartPlus, TriangleAlert } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { SHIPPING_FEE_SCHEDULE_TEXT, SHIPPING_PROMISE_HOURS, type Product } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { formatUsd } from '@/lib/format';
import { resolveImageUrl } from '@/lib/images';
import { paths } from '@/lib/paths';
import skeleton from '@/components/ui/Skeleton.module.css';
import ui from '@/lib/styles/ui.module.css';
import { useProduct } from '../api/useProduct';
import { useCart } from '../cart/useCart';
import { GradeBadge } from '../components/GradeBadge';
import { PageHeader } from '../components/PageHeader';
import { ProductDetails } from '../components/ProductDetails';
import { ProductGallery } from '../components/ProductGallery';
import styles from '../components/ProductPage.module.css';
import { ProductPrice } from '../components/ProductPrice';
import { useStoreReturn } from '../lib/storeReturn';
import { Button, buttonClass } from '@/components/ui/Button';

// Below the card: fetched once the page has rendered, so they never hold its first paint.
const MoreFromStore = lazy(() => import('../components/ProductMoreFromStore'));

function ProductLoading() {
  return (
    <div className={clsx(styles.layout, styles.loading)} aria-busy="true">
      <span className={clsx(skeleton.skeleton, skeleton.rounded, styles.pictureSkeleton)} />
      <div className={styles.skeletonLines}>
        <span className={clsx(skeleton.skeleton, skeleton.text, styles.titleSkeleton)} />
        <span className={clsx(skeleton.skeleton, skeleton.text, styles.priceSkeleton)} />
        <span className={clsx(skeleton.skeleton, skeleton.rounded, styles.detailsSkeleton)} />
      </div>
    </div>
  );
}

function ProductMissing({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className={styles.missing}>
      <title>Card not found | Grail Machine</title>
      <h1 className={ui.h4}>{missing ? 'Card not found' : 'Could not load this card.'}</h1>
      <p className={clsx(ui.body1, ui.secondaryText)}>
        {missing
          ? 'This card does not exist or was removed from the store.'
          : 'Please try again in a moment.'}
      </p>
      <Link to={paths.store.getHref()} className={buttonClass({ variant: 'contained' })}>
        Back to the store
      </Link>
    </div>
  );
}

/** Add to cart and buy now for a card on sale; otherwise why it cannot be bought. */
function BuyActions({ product }: { product: Product }) {
  const navigate = useNavigate();
  const cart = useCart();
  if (product.status !== 'available' || product.storePrice === null) {
    const sold = product.status === 'sold';
    return (
      <div role="alert" className={clsx(styles.notice, sold ? styles.warning : styles.info)}>
        {sold ? <TriangleAlert aria-hidden size={22} /> : <Info aria-hidden size={22} />}
        <p className={ui.body2}>
          {sold ? 'This card has been sold.' : 'This card is not available in the store.'}
        </p>
      </div>
    );
  }
  const inCart = cart.has(product._id);
  return (
    <>
      <div className={styles.actions}>
        <Button
          variant="outlined"
          size="large"
          className={styles.addToCart}
          onClick={() => (inCart ? navigate(paths.cart.getHref()) : cart.add(product._id))}
        >
          <ShoppingCartPlus aria-hidden />
          {inCart ? 'In cart: view cart' : 'Add to cart'}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => navigate(paths.checkout.getHref({ buy: product._id }))}
        >
          Buy now
        </Button>
      </div>
      <p className={clsx(ui.body2, ui.secondaryText)}>
        <span data-testid="product-shipping">{SHIPPING_FEE_SCHEDULE_TEXT}</span>
      </p>
      <p className={clsx(ui.body2, ui.secondaryText)}>
        Paid from your wallet. Ships within {SHIPPING_PROMISE_HOURS} hours, or keep it in your
        vault.
      </p>
    </>
  );
}

/** /product/:id: gallery, details, price vs FMV, add to cart or buy now, related cards. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, error } = useProduct(id);
  const { storeSearch } = useStoreReturn();

  if (isPending) return <ProductLoading />;
  if (error || !product) return <ProductMissing error={error} />;

  const description = `${product.gradeLabel} · ${product.storePrice !== null ? formatUsd(product.storePrice) : `FMV ${formatUsd(product.fmv)}`}`;
  const ogImage = resolveImageUrl(product.imageUrl);
  return (
    <article>
      <title>{`${product.name} | Grail Machine`}</title>
      <Link to={paths.store.getHref(storeSearch)} className={clsx(ui.textLink, styles.backLink)}>
        <ArrowLeft aria-hidden size={20} /> Back to the store
      </Link>
      <meta name="description" content={description} />
      <meta property="og:title" content={product.name} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="product" />
      {ogImage && <meta property="og:image" content={`${ogImage}?size=lg`} />}
      <PageHeader title={product.name}>
        <div className={styles.badges}>
          <GradeBadge label={product.gradeLabel} size="medium" />
          {product.status === 'sold' && (
            <span className={styles.soldChip} data-testid="sold-chip">
              Sold
            </span>
          )}
        </div>
      </PageHeader>
      <div className={styles.layout}>
        <div className={styles.gallery}>
          <ProductGallery images={product.images} name={product.name} />
        </div>
        <div className={styles.side}>
          <ProductPrice product={product} />
          <BuyActions product={product} />
          <hr className={styles.divider} />
          <ProductDetails product={product} />
        </div>
      </div>
      <Suspense fallback={null}>
        <MoreFromStore product={product} />
      </Suspense>
    </article>
  );
}
