/** The baseline of the API bench: a bare Fastify answering a small JSON, in its own process. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ code: 200, msg: 'ok', data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('已启动');
