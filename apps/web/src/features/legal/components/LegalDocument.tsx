import { Box, Divider, Link as MuiLink, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A static legal page: title, effective date, numbered sections with a table of contents. */
export function LegalDocument({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <Box component="article" sx={{ maxWidth: 860, mx: 'auto' }}>
      <title>{`${title} | Grail Machine`}</title>
      <Typography variant="overline" sx={{ color: 'secondary.main', fontWeight: 800 }}>
        Legal
      </Typography>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 32, md: 44 } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Last updated {updated}
      </Typography>
      <Typography sx={{ mt: 2, fontSize: '1.05rem' }}>{intro}</Typography>
      <Paper component="nav" aria-label="Sections" variant="outlined" sx={{ p: 2.5, my: 4 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Contents
        </Typography>
        <Box
          component="ol"
          sx={{ m: 0, pl: 3, columns: { xs: 1, sm: 2 }, columnGap: 4, '& li': { mb: 0.5 } }}
        >
          {sections.map((section, i) => (
            <li key={section.title}>
              <MuiLink href={`#section-${i + 1}`} color="text.primary">
                {section.title}
              </MuiLink>
            </li>
          ))}
        </Box>
      </Paper>
      {sections.map((section, i) => (
        <Box
          component="section"
          key={section.title}
          id={`section-${i + 1}`}
          data-testid="legal-section"
          aria-labelledby={`section-${i + 1}-title`}
          sx={{ scrollMarginTop: 80, mb: 4 }}
        >
          <Typography id={`section-${i + 1}-title`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
            {i + 1}. {section.title}
          </Typography>
          <Box
            sx={{
              color: 'text.secondary',
              lineHeight: 1.7,
              '& p': { mt: 0, mb: 1.5 },
              '& ul': { mt: 0, mb: 1.5, pl: 3 },
              '& strong': { color: 'text.primary' },
            }}
          >
            {section.body}
          </Box>
          {i < sections.length - 1 && <Divider sx={{ mt: 3 }} />}
        </Box>
      ))}
    </Box>
  );
}
