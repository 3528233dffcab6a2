import { Body, Controller } from '@nestjs/common';
import { Operation } from '../contract/operation.decorator.js';
import { PathParams } from '../contract/params.decorator.js';
import type { OpBody, OpPath } from '../contract/types.js';
import { TrialService } from './trial.service.js';

/** The free trial's calls (public: the visitor is anonymous; the mailed link is the proof of the e-mail). */
@Controller()
export class TrialController {
  constructor(private readonly trials: TrialService) {}

  @Operation('getTrialOffer')
  offer(@PathParams() { appName }: OpPath<'getTrialOffer'>) {
    return this.trials.offer(appName);
  }

  @Operation('requestTrial')
  request(@Body() body: OpBody<'requestTrial'>) {
    return this.trials.request(body);
  }

  @Operation('activateTrial')
  activate(@Body() body: OpBody<'activateTrial'>) {
    return this.trials.activate(body.token);
  }
}
