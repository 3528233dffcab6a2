import { Inject, Injectable } from '@nestjs/common';
import type { components } from '@licencias/common/schema';
import { ReadCache } from '../cache/read-cache.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { NotFoundError } from '../errors/errors.js';
import type { Brand, BrandDocumentType } from './reference.entities.js';
import { ReferenceRepository } from './reference.repository.js';

type BrandDto = components['schemas']['Brand'];

/** Every brand with its answer, read once (brands change only through the seed or an operator). */
interface BrandTable {
  names: string[];
  byName: Map<string, { brand: Brand; dto: BrandDto }>;
}

/** Reference data, and which brand a request host belongs to. */
@Injectable()
export class ReferenceService {
  constructor(
    private readonly repo: ReferenceRepository,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private brandTable(): Promise<BrandTable> {
    return this.cache.value('brands', 'table', async () => {
      const [brands, documentTypes] = await Promise.all([this.repo.brands(), this.repo.brandDocumentTypes()]);
      return {
        names: brands.map((b) => b.appName),
        byName: new Map(brands.map((brand) => [brand.appName, { brand, dto: this.toDto(brand, documentTypes) }])),
      };
    });
  }

  async brandExists(appName: string): Promise<boolean> {
    return (await this.brandTable()).byName.has(appName.toLowerCase());
  }

  /** `<brand>.localhost` or `<brand>.<domain>`, then BRAND_HOSTS, then DEFAULT_BRAND. */
  async brandNameForHost(hostHeader: string | undefined, known?: string[]): Promise<string> {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    const mapped = this.config.brandHosts[host];
    if (mapped) return mapped;
    const names = known ?? (await this.brandTable()).names;
    const label = host.split('.')[0];
    if (host.includes('.') && label && names.includes(label)) return label;
    return this.config.defaultBrand;
  }

  async currentBrand(hostHeader: string | undefined): Promise<BrandDto> {
    const table = await this.brandTable();
    const name = await this.brandNameForHost(hostHeader, table.names);
    const entry = table.byName.get(name) ?? table.byName.get(this.config.defaultBrand) ?? table.byName.get(table.names[0] ?? '');
    if (!entry) throw new NotFoundError('No hay marcas configuradas');
    return entry.dto;
  }

  async brands(): Promise<BrandDto[]> {
    const table = await this.brandTable();
    return table.names.map((name) => table.byName.get(name)?.dto as BrandDto);
  }

  async brand(appName: string): Promise<BrandDto> {
    return (await this.requireEntry(appName)).dto;
  }

  async logo(appName: string, variant?: string): Promise<string> {
    const brand = await this.requireBrand(appName);
    return (variant && brand.theme.variants?.[variant]?.logoSvg) || brand.theme.logoSvg;
  }

  async favicon(appName: string): Promise<string> {
    return (await this.requireBrand(appName)).theme.faviconSvg;
  }

  private async requireBrand(appName: string): Promise<Brand> {
    return (await this.requireEntry(appName)).brand;
  }

  private async requireEntry(appName: string): Promise<{ brand: Brand; dto: BrandDto }> {
    const entry = (await this.brandTable()).byName.get(appName.toLowerCase());
    if (!entry) throw new NotFoundError(`La marca ${appName} no existe`);
    return entry;
  }

  private toDto(brand: Brand, documentTypes: BrandDocumentType[]): BrandDto {
    const base = `/api/v1/brands/${encodeURIComponent(brand.appName)}`;
    const types = (personType: 'N' | 'J' | 'R') =>
      documentTypes.filter((d) => d.appName === brand.appName && d.personType === personType).map((d) => d.documentTypeId);
    return {
      id: brand.appName,
      appName: brand.appName,
      tenant: brand.tenant,
      title: brand.title,
      description: brand.description,
      configurable: brand.configurable,
      theme: {
        variant: brand.theme.variant,
        palette: brand.theme.palette,
        logoUrl: `${base}/logo`,
        faviconUrl: `${base}/favicon`,
        ...(brand.theme.variants
          ? {
              variants: Object.fromEntries(
                Object.entries(brand.theme.variants).map(([key, v]) => [key, { title: v.title, palette: v.palette, logoUrl: `${base}/logo?variant=${key}` }]),
              ),
            }
          : {}),
      },
      appInfo: brand.appInfo,
      documentTypes: { N: types('N'), J: types('J'), R: types('R') },
    };
  }

  async appParameters(filter: { appName: string; countryCode?: string; parameterType?: string }) {
    await this.requireBrand(filter.appName);
    const rows = await this.repo.parameters({ ...filter, appName: filter.appName.toLowerCase() });
    return {
      records: rows.map((r) => ({
        parameterCode: r.parameterCode,
        parameterValue: r.parameterValue,
        parameterType: r.parameterType,
        countryCode: r.countryCode,
      })),
    };
  }

  /**
   * Read once per instance like the brands (checkout reads it on every order): parameters, document
   * types and the blacklist change only through the seed or an operator, which invalidate their topics.
   */
  async systemParameter(code: string) {
    const row = await this.cache.value('parameters', `system:${code}`, () => this.repo.systemParameter(code));
    if (!row) throw new NotFoundError(`El parámetro ${code} no existe`);
    return { parameterCode: row.parameterCode, parameterValue: row.parameterValue, description: row.description };
  }

  async statesAndCities() {
    const [departments, municipalities] = await Promise.all([this.repo.departments(), this.repo.municipalities()]);
    const cities = Map.groupBy(municipalities, (m) => m.departmentId);
    return {
      itemsStatesList: departments.map((d) => ({ value: d.id, text: d.name })),
      statesList: departments.map((d) => ({
        id: d.id,
        daneCode: d.daneCode,
        stateName: d.name,
        city: (cities.get(d.id) ?? []).map((m) => ({ id: m.id, daneCode: m.daneCode, cityName: m.name })),
      })),
    };
  }

  /** Whether the city exists and belongs to the department (company addresses). */
  async cityInDepartment(cityId: number, departmentId: number): Promise<boolean> {
    return (await this.repo.municipality(cityId))?.departmentId === departmentId;
  }

  /** The DANE code of a municipality (its tax rates are keyed by it), or null when it does not exist. */
  async municipalityDaneCode(cityId: number): Promise<string | null> {
    return (await this.repo.municipality(cityId))?.daneCode ?? null;
  }

  documentTypes() {
    return this.cache.value('documentTypes', 'records', async () => {
      const rows = await this.repo.documentTypes();
      return { records: rows.map((d) => ({ ...d, value: d.id, text: d.description })) };
    });
  }

  async rejectTypes() {
    const rows = await this.repo.rejectTypes();
    return { records: rows.map((r) => ({ id: r.id, rejectTypeDescription: r.rejectTypeDescription })) };
  }

  blacklist() {
    return this.cache.value('blacklist', 'records', async () => {
      const rows = await this.repo.blacklist();
      return { records: rows.map((r) => ({ id: r.id, regla: r.regla })) };
    });
  }

  /**
   * The blacklist's rules as the e-mail check takes them: the same array until the list changes,
   * so the check compiles them once (a new array per request compiled them per request).
   */
  blockedDomainRules(): Promise<readonly string[]> {
    return this.cache.value('blacklist', 'rules', async () => (await this.blacklist()).records.map((r) => r.regla));
  }
}
