type DomainTest = (domain: string) => boolean;

/** Rule lists compiled once each: the server keeps one cached list for every request. */
const compiled = new WeakMap<readonly string[], DomainTest>();

function compile(rules: readonly string[]): DomainTest {
  const exact = new Set<string>();
  const patterns: string[] = [];
  for (const raw of rules) {
    const rule = raw.trim().toLowerCase().replace(/^@/, '');
    if (!rule) continue;
    if (rule.includes('*'))
      patterns.push(
        rule
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*'),
      );
    else exact.add(rule);
  }
  const pattern = patterns.length ? new RegExp(`^(?:${patterns.join('|')})$`) : undefined;
  return (domain) => {
    // The domain itself and each parent: "a.yopmail.com", then "yopmail.com", then "com".
    for (let rest = domain; ;) {
      if (exact.has(rest)) return true;
      const dot = rest.indexOf('.');
      if (dot < 0) break;
      rest = rest.slice(dot + 1);
    }
    return pattern?.test(domain) ?? false;
  };
}

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
  let test = compiled.get(rules);
  if (!test) {
    test = compile(rules);
    compiled.set(rules, test);
  }
  return test(domain);
}
