import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, useMediaQuery } from '@mui/material';
import { keyframes } from '@emotion/react';

const shake = keyframes`
  0%, 100% { transform: rotate(0deg) scale(1); }
  20% { transform: rotate(-3deg) scale(1.02); }
  40% { transform: rotate(3deg) scale(1.03); }
  60% { transform: rotate(-2deg) scale(1.04); }
  80% { transform: rotate(2deg) scale(1.05); }
`;
const tearOff = keyframes`
  to { transform: translateY(-140%) rotate(-12deg); opacity: 0; }
`;
const packAway = keyframes`
  to { transform: translateY(40%) scale(0.9); opacity: 0; }
`;

type Stage = 'sealed' | 'opening' | 'flipping' | 'shown';
const TIMES: Record<Exclude<Stage, 'shown'>, number> = {
  sealed: 1100,
  opening: 700,
  flipping: 900,
};
const NEXT: Record<Exclude<Stage, 'shown'>, Stage> = {
  sealed: 'opening',
  opening: 'flipping',
  flipping: 'shown',
};

/**
 * The pack shakes, its top tears off, and the card flips face up. With prefers-reduced-motion
 * the card is simply shown face up.
 */
export function PackReveal({ front, onRevealed }: { front: ReactNode; onRevealed?: () => void }) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [stage, setStage] = useState<Stage>(reduced ? 'shown' : 'sealed');
  useEffect(() => {
    if (reduced) setStage('shown');
  }, [reduced]);
  useEffect(() => {
    if (stage === 'shown') {
      onRevealed?.();
      return;
    }
    const id = setTimeout(() => setStage(NEXT[stage]), TIMES[stage]);
    return () => clearTimeout(id);
  }, [stage, onRevealed]);

  const faceUp = stage === 'flipping' || stage === 'shown';
  return (
    <Box
      sx={{ position: 'relative', width: '100%', maxWidth: 320, mx: 'auto', perspective: '1200px' }}
      data-stage={stage}
    >
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '5 / 7',
          transformStyle: 'preserve-3d',
          transition: reduced ? 'none' : 'transform 900ms cubic-bezier(.2,.8,.2,1)',
          transform: faceUp ? 'rotateY(0deg)' : 'rotateY(180deg)',
        }}
      >
        <Box
          sx={{ position: 'absolute', inset: 0, backfaceVisibility: 'hidden' }}
          aria-hidden={!faceUp}
        >
          {front}
        </Box>
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            backfaceVisibility: 'hidden',
            transform: 'rotateY(180deg)',
            borderRadius: 1.5,
            background: 'repeating-linear-gradient(45deg, #1d2a4d 0 12px, #233463 12px 24px)',
            border: '6px solid #c9a227',
          }}
        />
      </Box>
      {(stage === 'sealed' || stage === 'opening') && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: '-4%',
            borderRadius: 2,
            overflow: 'hidden',
            animation:
              stage === 'sealed'
                ? `${shake} 1.1s ease-in-out`
                : `${packAway} 0.7s ease-in forwards`,
            background:
              'linear-gradient(135deg, #c9a227 0%, #f6e27a 30%, #b8860b 55%, #f6e27a 80%, #c9a227 100%)',
            boxShadow: 6,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Box
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: '14%',
              background: 'repeating-linear-gradient(90deg, #8a6d12 0 6px, #e8cf5a 6px 12px)',
              animation: stage === 'opening' ? `${tearOff} 0.5s ease-out forwards` : 'none',
            }}
          />
          <Box
            sx={{
              color: '#3b2c00',
              fontWeight: 900,
              fontSize: '1.6rem',
              letterSpacing: 2,
              textAlign: 'center',
            }}
          >
            GRAIL
            <br />
            MACHINE
          </Box>
        </Box>
      )}
      {stage !== 'shown' && (
        <Button
          size="small"
          onClick={() => setStage('shown')}
          sx={{ position: 'absolute', bottom: -44, left: '50%', transform: 'translateX(-50%)' }}
        >
          Skip
        </Button>
      )}
    </Box>
  );
}
