import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface CardLine {
  label: string;
  value: string;
}

/** A service as a card: its name and one line per value. */
export const ServiceCard = ({ title, lines }: { title: string; lines: readonly CardLine[] }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label={`${translate('resources.agreements.fields.service')} ${title}`} role="article">
      <CardContent>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {lines.map((line) => (
          <Typography key={line.label} variant="body2">
            <Typography component="span" variant="body2" color="text.secondary">
              {line.label}:{' '}
            </Typography>
            {line.value}
          </Typography>
        ))}
      </CardContent>
    </Card>
  );
};
