import { Menu, MenuItem } from '@mui/material';
import { MuiThemeScope } from '@/lib/theme/MuiThemeScope';
import type { FilterOption } from './FilterSelect';

/**
 * A filter's list of options: MUI's menu as its select opens it (below the field, at least as wide,
 * the current choice focused). Loaded with MUI's theme on the first opening of any filter.
 */
export default function FilterSelectMenu({
  anchor,
  open,
  listboxId,
  labelId,
  options,
  value,
  onClose,
  onPick,
}: {
  anchor: HTMLElement | null;
  open: boolean;
  listboxId: string;
  labelId: string;
  options: readonly FilterOption[];
  value: string;
  onClose: () => void;
  onPick: (value: string) => void;
}) {
  return (
    <MuiThemeScope>
      <Menu
        anchorEl={anchor}
        open={open && anchor !== null}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{
          paper: { style: { minWidth: anchor?.clientWidth } },
          list: {
            id: listboxId,
            role: 'listbox',
            'aria-labelledby': labelId,
            disableListWrap: true,
          },
        }}
      >
        {options.map((option) => (
          <MenuItem
            key={option.value}
            role="option"
            selected={option.value === value}
            aria-selected={option.value === value}
            onClick={() => onPick(option.value)}
            // Space opened the list; its key-up must not also pick the focused option.
            onKeyUp={(event) => {
              if (event.key === ' ') event.preventDefault();
            }}
          >
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </MuiThemeScope>
  );
}
