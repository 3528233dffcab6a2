import { type DemoSeeder, demoRef } from '../database/seeding.js';
import { startOfBogotaDay } from '@licencias/common/dates';
import { PromotionalCode, PromotionalCodePackage } from './promo-code.entity.js';

const DAY = 24 * 60 * 60 * 1000;

/** [code, description, type, value, uses, user type, start (days from today), span (days), packages, monthly [interval, end], inactive] */
type DemoCode = [string, string, 'PTJ' | 'VLR', number, number, 1 | 2 | 3, number, number, string[], [number, number]?, boolean?];

const CODES: DemoCode[] = [
  ['BIENVENIDA10', '10% de descuento en tu primera compra', 'PTJ', 10, 500, 1, 0, 60, []],
  ['FIRMAYA50K', '$50.000 de descuento en planes base de FirmaYa', 'VLR', 50000, 100, 1, 0, 45, ['FY-PRO', 'FY-BASICO']],
  ['UNICO2026', 'Uso único: 15% de descuento', 'PTJ', 15, 1, 1, 0, 30, []],
  ['MENSUAL5', '5% cada mes en planes de Colnómina', 'PTJ', 5, 200, 1, 0, 20, ['CN-EMPRENDEDOR', 'CN-EMPRESARIAL'], [1, 180]],
  ['EQUIPO100', 'Licencia para colaboradores internos', 'PTJ', 100, 20, 2, 0, 90, ['CN-EMPRENDEDOR']],
  ['ALIADO100', 'Cortesía para aliados comerciales', 'PTJ', 100, 10, 3, 0, 90, []],
  ['NAVIDAD2025', 'Temporada navideña 2025: 25% de descuento', 'PTJ', 25, 300, 1, -400, 70, [], undefined, true],
];

/** Demo promotional codes of every kind: PTJ, VLR, single use, monthly, user types 1 to 3. */
export const demoPromoCodes: DemoSeeder = {
  name: 'promo-codes',
  async run({ em, now, demo }) {
    const author = demo.author;
    const today = startOfBogotaDay(now).getTime();
    for (const [promotionCode, description, type, value, uses, typeUserId, startDays, span, codes, monthly, inactive] of CODES) {
      const start = new Date(today + startDays * DAY);
      const expiration = new Date(start.getTime() + (span + 1) * DAY - 1);
      const code = em.create(PromotionalCode, {
        promotionCode,
        descriptionPromotionCode: description,
        useQuantity: uses,
        offerTypeCode: type,
        offerValue: value.toFixed(2),
        effectiveStartDate: start,
        expirationDate: expiration,
        periodicityType: monthly ? 'MONTHLY' : 'NEVER',
        periodicityQuantity: monthly ? monthly[0] : null,
        endPeriodicityDate: monthly ? new Date(today + (monthly[1] + 1) * DAY - 1) : null,
        applyTotalPurchase: codes.length === 0,
        applyProduct: codes.length > 0,
        typeUserId,
        idstate: inactive ? 1 : 0,
        createdby: author,
        createdon: now,
        modifiedby: author,
        modifiedon: now,
      });
      await em.flush();
      for (const packageCode of codes)
        em.create(PromotionalCodePackage, { promotionalCodeId: code.id, packageId: demoRef(demo.packages, packageCode, 'package') });
    }
    await em.flush();
  },
};
