import { Avatar, Box, Card, Link, Typography } from '@mui/material';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import PlayCircle from '@mui/icons-material/PlayCircle';
import Repeat from '@mui/icons-material/Repeat';
import type { SvgIconComponent } from '@mui/icons-material';
import { X_POST_MEDIA_MAX, type XPost } from '@grail/contract';
import { postSegments } from '../postSegments';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const external = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** The text as React nodes: links only where the entities say, everything else as plain text. */
function PostText({ post }: { post: XPost }) {
  return (
    <Typography
      variant="body2"
      component="p"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 1.5 }}
      data-testid="x-post-text"
    >
      {postSegments(post).map((segment, i) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <Link key={i} href={segment.href} {...external} underline="hover">
            {segment.text}
          </Link>
        ),
      )}
    </Typography>
  );
}

function PostMedia({ post }: { post: XPost }) {
  const media = post.media.slice(0, X_POST_MEDIA_MAX);
  if (media.length === 0) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: media.length === 1 ? '1fr' : '1fr 1fr',
        gap: 0.5,
        borderRadius: 2,
        overflow: 'hidden',
        mb: 1.5,
      }}
      data-testid="x-post-media"
    >
      {media.map((item) => (
        <Box
          key={item.media_key}
          component="a"
          href={post.tweet_url}
          {...external}
          aria-label={item.type === 'photo' ? undefined : 'Play video on X'}
          sx={{
            position: 'relative',
            display: 'block',
            aspectRatio: media.length === 1 ? '16 / 10' : '1',
          }}
        >
          <Box
            component="img"
            src={item.url}
            alt={item.alt_text ?? (item.type === 'photo' ? 'Image from the post' : '')}
            loading="lazy"
            decoding="async"
            width={320}
            height={320}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {item.type !== 'photo' && (
            <PlayCircle
              aria-hidden
              sx={{
                position: 'absolute',
                inset: 0,
                m: 'auto',
                fontSize: 48,
                color: 'common.white',
                filter: 'drop-shadow(0 1px 4px rgba(0,0,0,.6))',
              }}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}

function Metric({
  icon: Icon,
  count,
  label,
}: {
  icon: SvgIconComponent;
  count: number;
  label: string;
}) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Icon fontSize="small" aria-hidden />
      <span>{count.toLocaleString('en-US')}</span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}

/** One post: avatar, name, @handle, date, text with its links, media, and counts. */
export function XPostCard({ post }: { post: XPost }) {
  const { user, public_metrics: metrics } = post;
  return (
    <Card variant="outlined" component="article" sx={{ p: 2 }} data-testid="x-post">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar
          src={user.profile_image_url || undefined}
          alt=""
          slotProps={{ img: { loading: 'lazy', width: 40, height: 40 } }}
          sx={{ width: 40, height: 40 }}
        >
          {user.name.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 800 }} noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            @{user.username} ·{' '}
            <Link href={post.tweet_url} {...external} color="inherit" underline="hover">
              <time dateTime={post.created_at}>{dateFormat.format(new Date(post.created_at))}</time>
            </Link>
          </Typography>
        </Box>
      </Box>
      <PostText post={post} />
      <PostMedia post={post} />
      <Box
        sx={{ display: 'flex', gap: 3, color: 'text.secondary', typography: 'body2' }}
        data-testid="x-post-metrics"
      >
        <Metric icon={ChatBubbleOutline} count={metrics.reply_count} label=" replies" />
        <Metric icon={Repeat} count={metrics.retweet_count} label=" reposts" />
        <Metric icon={FavoriteBorder} count={metrics.like_count} label=" likes" />
      </Box>
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
