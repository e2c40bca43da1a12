import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { SITE_FEED_POSTS_MAX, type XPost } from '@grail/contract';
import { dateTimeFormat } from '@/lib/format';
import { useSetSiteFeedPosts, useSiteFeedPosts } from '../api/site';

const POST_URL = /^https:\/\/(?:x|twitter)\.com\/(\w{1,15})\/status\/(\d{1,25})(?:[/?#].*)?$/;

/** A post as staff enter it: its address on X, its text and when it was posted. */
function postFrom(url: string, text: string, postedAt: string, name: string): XPost | string {
  const match = POST_URL.exec(url.trim());
  if (!match)
    return 'The address must be a post on X, such as https://x.com/GrailMachine/status/123.';
  const at = new Date(postedAt);
  if (Number.isNaN(at.getTime())) return 'Choose when it was posted.';
  return {
    id: match[2]!,
    text: text.trim(),
    created_at: at.toISOString(),
    tweet_url: `https://x.com/${match[1]}/status/${match[2]}`,
    user: {
      name: name.trim() || match[1]!,
      username: match[1]!,
      profile_image_url: '/media/x-avatar.webp',
    },
    entities: { urls: [], mentions: [], hashtags: [] },
    media: [],
    public_metrics: { reply_count: 0, retweet_count: 0, like_count: 0 },
  };
}

function AddPostForm({ onAdd, disabled }: { onAdd: (post: XPost) => void; disabled: boolean }) {
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [postedAt, setPostedAt] = useState('');
  const [name, setName] = useState('Grail Machine');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const post = postFrom(url, text, postedAt, name);
    if (typeof post === 'string') return setProblem(post);
    setProblem(null);
    onAdd(post);
    setUrl('');
    setText('');
    setPostedAt('');
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} aria-label="Add a post">
      <Typography variant="subtitle2" component="h3">
        Add a post
      </Typography>
      <TextField
        size="small"
        label="Post address on X"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        required
      />
      <TextField
        size="small"
        label="Text"
        multiline
        minRows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        required
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          size="small"
          label="Posted at"
          type="datetime-local"
          value={postedAt}
          onChange={(e) => setPostedAt(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <TextField
          size="small"
          label="Author name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Box>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="outlined" disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
        Add to the feed
      </Button>
    </Stack>
  );
}

/**
 * The posts "Latest from X" shows when no X token is set, in the order staff give them; every
 * change saves the whole list at once (and is audited). With no post saved, the demo posts show.
 */
export function SiteFeedPosts() {
  const current = useSiteFeedPosts();
  const save = useSetSiteFeedPosts();
  const posts = current.data?.posts ?? [];
  const move = (from: number, to: number) => {
    const next = [...posts];
    const [post] = next.splice(from, 1);
    next.splice(to, 0, post!);
    save.mutate(next);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Posts in “Latest from X”
      </Typography>
      {current.isPending ? (
        <CircularProgress aria-label="Loading the posts" />
      ) : current.isError ? (
        <Alert severity="error">{current.error.message}</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {current.data.readsFromX
              ? 'An X token is set: the feed shows the posts from X, and these wait unused.'
              : 'No X token is set: the feed shows these posts, in this order.'}{' '}
            Up to {SITE_FEED_POSTS_MAX}.
          </Typography>
          {posts.length === 0 ? (
            <Alert severity="info">No post saved: the feed shows the demo posts.</Alert>
          ) : (
            <List dense aria-label="Feed posts" sx={{ p: 0 }}>
              {posts.map((post, i) => (
                <ListItem
                  key={post.id}
                  disableGutters
                  divider
                  data-testid="feed-post"
                  secondaryAction={
                    <Stack direction="row">
                      <IconButton
                        aria-label={`Move up: ${post.text.slice(0, 40)}`}
                        disabled={i === 0 || save.isPending}
                        onClick={() => move(i, i - 1)}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`Move down: ${post.text.slice(0, 40)}`}
                        disabled={i === posts.length - 1 || save.isPending}
                        onClick={() => move(i, i + 1)}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`Remove: ${post.text.slice(0, 40)}`}
                        disabled={save.isPending}
                        onClick={() => save.mutate(posts.filter((p) => p.id !== post.id))}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Stack>
                  }
                  sx={{ pr: 16 }}
                >
                  <ListItemText
                    primary={post.text}
                    secondary={`@${post.user.username} · ${dateTimeFormat.format(new Date(post.created_at))}`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
          <AddPostForm
            disabled={save.isPending || posts.length >= SITE_FEED_POSTS_MAX}
            onAdd={(post) => save.mutate([post, ...posts.filter((p) => p.id !== post.id)])}
          />
        </Stack>
      )}
    </Paper>
  );
}
