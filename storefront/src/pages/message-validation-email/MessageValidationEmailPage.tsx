import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useBrand } from '../../brand/brand-context';
import { MailIllustration } from './MailIllustration';
import { readMessage } from './message';
import { StatusIllustration } from './StatusIllustration';

/**
 * `/messageValidationEmail`: a generic message page (image, title, text) with a button to the
 * brand's landing page. Other pages send `{title, text}` as navigation state, and may choose the
 * picture (`tone`) and the button (`action`, `actionPath`), as the identity validation does (§8).
 */
export default function MessageValidationEmailPage() {
  const { brand, parameters } = useBrand();
  const { state } = useLocation();
  const [query] = useSearchParams();
  const message = readMessage(state, query);
  const landing = brand.appInfo.urlLandingPage || parameters.urlsFromBack.urlLandingPage || '/';
  return (
    <Paper
      component="section"
      aria-labelledby="message-title"
      variant="outlined"
      sx={{ maxWidth: 620, mx: 'auto', textAlign: 'center', px: { xs: 3, sm: 6 }, py: { xs: 4, sm: 6 } }}
    >
      {message.tone && message.tone !== 'mail' ? <StatusIllustration tone={message.tone} /> : <MailIllustration />}
      <Typography id="message-title" variant="h1" sx={{ mt: 3, mb: 2 }}>
        {message.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {message.text}
      </Typography>
      {message.actionPath ? (
        <Button component={RouterLink} to={message.actionPath} variant="contained" size="large">
          {message.action ?? 'Ir a la página principal'}
        </Button>
      ) : (
        <Button href={landing} variant="contained" size="large">
          {message.action ?? 'Ir a la página principal'}
        </Button>
      )}
    </Paper>
  );
}
