// The same custom agents written against each framework's public API.
// Each factory returns { runTurn(sessionIndex) , newSession() } helpers built on that framework.

/** This package, from its build (run `npm run build` first). */
export async function loadAdkTs() {
  const adk = await import('../dist/index.js');
  class Emitter extends adk.BaseAgent {
    constructor(name, count) {
      super({ name });
      this.count = count;
    }
    async *runAsyncImpl(context) {
      for (let index = 0; index < this.count; index++) {
        yield adk.createEvent({
          invocationId: context.invocationId,
          author: this.name,
          branch: context.branch,
          content: { role: 'model', parts: [{ text: `event ${index}` }] },
          actions: { stateDelta: { [`${this.name}_${index}`]: index } },
        });
      }
    }
  }
  return {
    name: 'adk-ts',
    emitter: (name, count) => new Emitter(name, count),
    sequential: (name, subAgents) => new adk.SequentialAgent({ name, subAgents }),
    parallel: (name, subAgents) => new adk.ParallelAgent({ name, subAgents }),
    loop: (name, maxIterations, subAgents) => new adk.LoopAgent({ name, maxIterations, subAgents }),
    runner: (agent) => new adk.InMemoryRunner({ agent, appName: 'bench' }),
  };
}

/** `@google/adk` 2.0.0, the official TypeScript ADK. */
export async function loadGoogleAdk() {
  const adk = await import('@google/adk');
  adk.setLogLevel?.(adk.LogLevel?.ERROR ?? 3);
  class Emitter extends adk.BaseAgent {
    constructor(name, count) {
      super({ name });
      this.count = count;
    }
    async *runAsyncImpl(context) {
      for (let index = 0; index < this.count; index++) {
        yield adk.createEvent({
          invocationId: context.invocationId,
          author: this.name,
          branch: context.branch,
          content: { role: 'model', parts: [{ text: `event ${index}` }] },
          actions: adk.createEventActions({ stateDelta: { [`${this.name}_${index}`]: index } }),
        });
      }
    }
    async *runLiveImpl() {}
  }
  return {
    name: '@google/adk',
    emitter: (name, count) => new Emitter(name, count),
    sequential: (name, subAgents) => new adk.SequentialAgent({ name, subAgents }),
    parallel: (name, subAgents) => new adk.ParallelAgent({ name, subAgents }),
    loop: (name, maxIterations, subAgents) => new adk.LoopAgent({ name, maxIterations, subAgents }),
    runner: (agent) => new adk.InMemoryRunner({ agent, appName: 'bench' }),
  };
}
