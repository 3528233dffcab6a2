import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/**
 * A section of the route table whose screen is not built yet: an honest "not available" view
 * inside the layout (after the section's privilege check), never a mock of the screen.
 */
export const NotBuilt = ({ title }: { title: string }) => {
  const translate = useTranslate();
  const name = translate(title);
  return (
    <>
      <Title title={name} />
      <Card sx={{ mt: 2 }} data-testid="not-built">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <ConstructionIcon color="action" fontSize="large" />
            <div>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.page.not_built_title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.page.not_built_text', { name })}
              </Typography>
            </div>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
};
