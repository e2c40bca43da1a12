import { Box, Typography } from '@mui/material';
import { SUBMISSION_STATUS_LABELS, type TimelineEntry } from '@grail/contract';
import { dateTimeFormat } from '@/lib/format';

/** Who made a change, in the words of the person reading. */
function who(entry: TimelineEntry, viewer: 'collector' | 'staff') {
  if (entry.actor === 'system') return 'Automatic';
  if (viewer === 'staff')
    return entry.actorName ?? (entry.actor === 'staff' ? 'Staff' : 'Collector');
  return entry.actor === 'collector' ? 'You' : 'Our team';
}

/** Every change of a submission, oldest first: when, what, who, and the note. */
export function SubmissionTimeline({
  entries,
  viewer,
}: {
  entries: TimelineEntry[];
  viewer: 'collector' | 'staff';
}) {
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry, i) => {
        const same = entry.from === entry.to;
        return (
          <Box
            component="li"
            key={entry._id}
            data-testid="timeline-entry"
            sx={{
              position: 'relative',
              pl: 3,
              pb: i === entries.length - 1 ? 0 : 2,
              '&::before': {
                content: '""',
                position: 'absolute',
                left: 5,
                top: 6,
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: i === entries.length - 1 ? 'secondary.main' : 'text.disabled',
              },
              '&::after':
                i === entries.length - 1
                  ? undefined
                  : {
                      content: '""',
                      position: 'absolute',
                      left: 9,
                      top: 18,
                      bottom: 0,
                      width: 2,
                      bgcolor: 'divider',
                    },
            }}
          >
            <Typography sx={{ fontWeight: 700 }}>
              {same ? 'Updated' : SUBMISSION_STATUS_LABELS[entry.to]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {dateTimeFormat.format(new Date(entry.at))} · {who(entry, viewer)}
            </Typography>
            {entry.note && (
              <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
                {entry.note}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
