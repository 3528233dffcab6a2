/**
 * Whether an e-mail's domain is blocked by a rule: a domain blocks itself and its subdomains
 * ("yopmail.com" blocks "a.yopmail.com"); "*" matches any run of characters ("*.tk").
 */
export function isEmailDomainBlocked(email: string, rules: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return rules.some((raw) => {
    const rule = raw.trim().toLowerCase().replace(/^@/, '');
    if (!rule) return false;
    if (rule.includes('*')) {
      const pattern = new RegExp(
        `^${rule
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );
      return pattern.test(domain);
    }
    return domain === rule || domain.endsWith(`.${rule}`);
  });
}
