import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The search box above a list ('Buscar', at most 100 characters). */
export const SearchField = ({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) => {
  const translate = useTranslate();
  return (
    <TextField
      value={value}
      onChange={(event) => onChange(event.target.value)}
      label={translate('ra.action.search')}
      placeholder={placeholder}
      size="small"
      sx={{ width: { xs: '100%', sm: 420 } }}
      slotProps={{
        htmlInput: { maxLength: 100, 'aria-label': translate('ra.action.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
