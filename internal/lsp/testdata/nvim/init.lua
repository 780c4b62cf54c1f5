-- A minimal Neovim configuration for opvet lsp, in the form Neovim 0.7 to
-- 0.9 understand (vim.lsp.start_client; 0.10 has vim.lsp.start and
-- vim.lsp.config, see docs/editors.md). OPVET_BIN names the binary (the
-- test's build); a user writes 'opvet'.
local opvet = os.getenv('OPVET_BIN') or 'opvet'
local clients = {} -- client id by module root

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'go', 'gomod', 'yaml' },
  callback = function(args)
    local gomod = vim.fn.findfile('go.mod', vim.fn.fnamemodify(args.file, ':p:h') .. ';')
    if gomod == '' then
      return
    end
    local root = vim.fn.fnamemodify(gomod, ':p:h')
    if not clients[root] then
      clients[root] = vim.lsp.start_client({ name = 'opvet', cmd = { opvet, 'lsp' }, root_dir = root })
    end
    vim.lsp.buf_attach_client(args.buf, clients[root])
  end,
})
