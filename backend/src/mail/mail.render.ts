import type { MailContent } from './mail.types.js';

/** What the layout takes of a brand record. */
export interface MailBrand {
  appName: string;
  title: string;
  palette: { primary: string; secondary: string; text: string };
  /** The logo's `src` (a cid: of the SMTP attachment; the mailbox rewrites it to the logo URL). */
  logoSrc: string;
  /** The brand's store, for the footer. */
  url: string;
}

/** The cid under which the SMTP adapter attaches the brand's logo. */
export const LOGO_CID = 'brand-logo@licencias';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A brand colour, or the fallback when the record holds something that is not a hex colour. */
function colour(value: string, fallback: string): string {
  return HEX.test(value) ? value : fallback;
}

/** Black or white, whichever reads better on `background` (WCAG relative luminance). */
export function readableOn(background: string): '#ffffff' | '#1a1a1a' {
  let hex = background.slice(1);
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.4 ? '#1a1a1a' : '#ffffff';
}

const isWebUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

/**
 * The brand's HTML e-mail (tables and inline styles, as mail clients need) and its plain-text
 * twin. Every text is escaped; only http(s) links are kept.
 */
export function renderMail(brand: MailBrand, subject: string, given: MailContent): { html: string; text: string } {
  // A button to anything but an http(s) address (javascript:, data:) is left out.
  const content: MailContent = { ...given, action: given.action && isWebUrl(given.action.url) ? given.action : undefined };
  const primary = colour(brand.palette.primary, '#1f4e79');
  const ink = '#1a1a1a';
  const onPrimary = readableOn(primary);
  const year = new Date().getFullYear();
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${ink}">${escape(p)}</p>`).join('');
  const code = content.code
    ? `<p style="margin:8px 0 24px;text-align:center"><span style="display:inline-block;padding:12px 24px;border-radius:8px;background:#f2f4f7;border:1px solid #d0d5dd;font-family:Consolas,Menlo,monospace;font-size:32px;letter-spacing:8px;font-weight:700;color:${ink}">${escape(content.code)}</span></p>`
    : '';
  const details = content.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border-collapse:collapse">${content.details
        .map(
          (d) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #eaecf0;font-size:14px;color:#475467">${escape(d.label)}</td><td style="padding:8px 0;border-bottom:1px solid #eaecf0;font-size:14px;color:${ink};text-align:right;font-weight:600">${escape(d.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px;text-align:center"><a href="${escape(content.action.url)}" style="display:inline-block;padding:12px 28px;border-radius:6px;background:${primary};color:${onPrimary};font-size:16px;font-weight:600;text-decoration:none">${escape(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475467">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escape(content.action.url)}" style="color:${primary};word-break:break-all">${escape(content.action.url)}</a></p>`
    : '';
  const note = content.note ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#475467">${escape(content.note)}</p>` : '';
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f2f4f7;font-family:Arial,Helvetica,sans-serif">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escape(content.preheader ?? content.title)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #eaecf0">
<tr><td style="height:6px;background:${primary};font-size:0;line-height:0">&nbsp;</td></tr>
<tr><td style="padding:24px 32px 8px"><img src="${escape(brand.logoSrc)}" alt="${escape(brand.title)}" height="40" style="display:block;height:40px;max-width:220px;border:0"></td></tr>
<tr><td style="padding:16px 32px 32px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${ink}">${escape(content.title)}</h1>
${paragraphs}${code}${details}${action}${note}
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;border-top:1px solid #eaecf0;font-size:12px;line-height:1.5;color:#667085">
Este mensaje lo envió ${escape(brand.title)} de forma automática; no respondas a este correo.<br>© ${year} ${escape(brand.title)} · <a href="${escape(brand.url)}" style="color:#667085">${escape(brand.url.replace(/^https?:\/\//, '').replace(/\/$/, ''))}</a>
</td></tr>
</table></td></tr></table></body></html>`;

  const lines = [brand.title.toUpperCase(), '', content.title, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.code) lines.push(`Código: ${content.code}`, '');
  for (const d of content.details ?? []) lines.push(`${d.label}: ${d.value}`);
  if (content.details?.length) lines.push('');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.note) lines.push(content.note, '');
  lines.push('--', `Este mensaje lo envió ${brand.title} de forma automática; no respondas a este correo.`, brand.url);
  return { html, text: lines.join('\n') };
}
