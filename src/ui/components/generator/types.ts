import type { ActorRefFrom } from 'xstate';
import type { GeneratorMachine } from '../../../machines/generator/machine';

type GeneratorActorRef = ActorRefFrom<GeneratorMachine>;

export interface StepProps {
  actorRef: GeneratorActorRef;
}
