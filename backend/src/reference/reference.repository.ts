import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/sql';
import {
  AppParameter,
  Brand,
  BrandDocumentType,
  Department,
  DocumentType,
  EmailBlacklistRule,
  Municipality,
  RejectType,
  SystemParameter,
} from './reference.entities.js';

@Injectable()
export class ReferenceRepository {
  constructor(private readonly em: EntityManager) {}

  brands(): Promise<Brand[]> {
    return this.em.find(Brand, {}, { orderBy: { sortOrder: 'asc', appName: 'asc' } });
  }

  brandDocumentTypes(appNames?: string[]): Promise<BrandDocumentType[]> {
    return this.em.find(BrandDocumentType, appNames ? { appName: { $in: appNames } } : {}, {
      orderBy: { appName: 'asc', personType: 'asc', sortOrder: 'asc' },
    });
  }

  parameters(filter: { appName: string; countryCode?: string; parameterType?: string }): Promise<AppParameter[]> {
    return this.em.find(
      AppParameter,
      {
        appName: filter.appName,
        ...(filter.countryCode ? { countryCode: filter.countryCode.toUpperCase() } : {}),
        ...(filter.parameterType ? { parameterType: filter.parameterType } : {}),
      },
      { orderBy: { parameterType: 'asc', parameterCode: 'asc' } },
    );
  }

  systemParameter(code: string): Promise<SystemParameter | null> {
    return this.em.findOne(SystemParameter, { parameterCode: code });
  }

  documentTypes(): Promise<DocumentType[]> {
    return this.em.find(DocumentType, {}, { orderBy: { id: 'asc' } });
  }

  departments(): Promise<Department[]> {
    return this.em.find(Department, {}, { orderBy: { name: 'asc' } });
  }

  municipalities(): Promise<Municipality[]> {
    return this.em.find(Municipality, {}, { orderBy: { name: 'asc' } });
  }

  municipality(id: number): Promise<Municipality | null> {
    return this.em.findOne(Municipality, { id });
  }

  rejectTypes(): Promise<RejectType[]> {
    return this.em.find(RejectType, { active: true }, { orderBy: { id: 'asc' } });
  }

  blacklist(): Promise<EmailBlacklistRule[]> {
    return this.em.find(EmailBlacklistRule, {}, { orderBy: { id: 'asc' } });
  }
}
