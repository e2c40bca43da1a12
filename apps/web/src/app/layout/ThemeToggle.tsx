import { Button } from '@mui/material';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { themeToggleLabel, useThemeToggle } from '@/lib/theme';

/** Names the mode it switches to: 'Dark Mode' while light, 'Light Mode' while dark. */
export function ThemeToggle({ fullWidth = false }: { fullWidth?: boolean }) {
  const { mode, toggle } = useThemeToggle();
  return (
    <Button
      onClick={() => void toggle()}
      variant="outlined"
      color="inherit"
      size="small"
      fullWidth={fullWidth}
      startIcon={mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
      sx={{ borderColor: 'divider', justifyContent: fullWidth ? 'flex-start' : 'center' }}
    >
      {themeToggleLabel(mode)}
    </Button>
  );
}
